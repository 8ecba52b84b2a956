import { Body, Controller, Inject, Module, Post, Req, Res, ValidationPipe } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import {
  CommandBus,
  CommandHandler,
  CqrsModule,
  QueryBus,
  QueryHandler,
  type ICommandHandler,
  type IQueryHandler,
} from '@nestjs/cqrs';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { getDataSourceToken, TypeOrmModule } from '@nestjs/typeorm';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsObject,
  IsOptional,
  IsString,
  MaxLength,
  ValidateNested,
} from 'class-validator';
import type { FastifyReply } from 'fastify';
import type { DataSource } from 'typeorm';
import { SecretBox } from '@app/platform';
import {
  answer,
  CeilingRoutes,
  pathOf,
  type Answer,
  type CeilingRequest,
  type SqlPool,
} from './ceiling-routes';
import type { Ceiling } from './ceiling-server';

// The stack's floor: the ceiling's routes (ceiling-routes.ts) served through the libraries the
// server is built on, and nothing of the server's own: Nest on Fastify, a global ValidationPipe
// checking each body against a class-validator DTO, the query or command bus to a handler, and
// the SQL through TypeORM's connections. No guards, interceptors, filters, logger, rate limit or
// metrics. Between it and the framework's floor is what these libraries cost a request; between
// the project and it, what the project's own layers add.

const ROUTES = Symbol('ceiling routes');
const ID_LENGTH = 200;

class DocumentsData {
  @IsString()
  @MaxLength(ID_LENGTH)
  organizationId!: string;

  @IsOptional()
  @IsArray()
  @ArrayMaxSize(30)
  @IsString({ each: true })
  @MaxLength(ID_LENGTH, { each: true })
  documentIds?: string[];
}

class DocumentsBody {
  @IsObject()
  @ValidateNested()
  @Type(() => DocumentsData)
  data!: DocumentsData;
}

class AuthTokensData {
  @IsString()
  @MaxLength(ID_LENGTH)
  apiKey!: string;
}

class AuthTokensBody {
  @IsObject()
  @ValidateNested()
  @Type(() => AuthTokensData)
  data!: AuthTokensData;
}

class NewOrganization {
  @IsString()
  @MaxLength(ID_LENGTH)
  organizationId!: string;

  @IsString()
  @MaxLength(ID_LENGTH)
  organizationName!: string;
}

class AddOrganizationData {
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(1)
  @ValidateNested({ each: true })
  @Type(() => NewOrganization)
  organizations!: NewOrganization[];
}

class AddOrganizationBody {
  @IsObject()
  @ValidateNested()
  @Type(() => AddOrganizationData)
  data!: AddOrganizationData;
}

/** A read route's call, through the query bus. */
class ReadCall {
  constructor(
    readonly route: 'documents' | 'authTokens',
    readonly request: CeilingRequest,
  ) {}
}

/** A write route's call, through the command bus. */
class WriteCall {
  constructor(
    readonly route: 'addOrganization',
    readonly request: CeilingRequest,
  ) {}
}

@QueryHandler(ReadCall)
class ReadCallHandler implements IQueryHandler<ReadCall, Answer> {
  constructor(@Inject(ROUTES) private readonly routes: CeilingRoutes) {}

  execute({ route, request }: ReadCall): Promise<Answer> {
    return this.routes[route](request);
  }
}

@CommandHandler(WriteCall)
class WriteCallHandler implements ICommandHandler<WriteCall, Answer> {
  constructor(@Inject(ROUTES) private readonly routes: CeilingRoutes) {}

  execute({ route, request }: WriteCall): Promise<Answer> {
    return this.routes[route](request);
  }
}

@Controller()
class StackFloorController {
  constructor(
    private readonly queries: QueryBus,
    private readonly commands: CommandBus,
  ) {}

  @Post(pathOf('documents'))
  documents(
    @Body() _body: DocumentsBody,
    @Req() request: CeilingRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    return answer(this.queries.execute(new ReadCall('documents', request)), reply);
  }

  @Post(pathOf('authTokens'))
  authTokens(
    @Body() _body: AuthTokensBody,
    @Req() request: CeilingRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    return answer(this.queries.execute(new ReadCall('authTokens', request)), reply);
  }

  @Post(pathOf('addOrganization'))
  addOrganization(
    @Body() _body: AddOrganizationBody,
    @Req() request: CeilingRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    return answer(this.commands.execute(new WriteCall('addOrganization', request)), reply);
  }
}

/**
 * The routes' SQL through TypeORM: its pool for a statement, a query runner for a transaction.
 * TypeORM answers rows for SELECT and INSERT, which is all the routes send (an UPDATE or DELETE
 * would come back as [rows, count]).
 */
function typeOrmPool(dataSource: DataSource): SqlPool {
  return {
    query: async (sql, params) => ({ rows: await dataSource.query(sql, params) }),
    async connect() {
      const runner = dataSource.createQueryRunner();
      await runner.connect();
      return {
        query: async (sql, params) => ({ rows: await runner.query(sql, params) }),
        release: () => void runner.release(),
      };
    },
  };
}

/** Starts the stack's floor on a free local port, TypeORM's pool the project's size. */
export async function startStackFloor(
  databaseUrl: string,
  encryptionKey: Buffer,
): Promise<Ceiling> {
  @Module({
    imports: [
      CqrsModule.forRoot(),
      TypeOrmModule.forRoot({ type: 'postgres', url: databaseUrl, extra: { max: 20 } }),
    ],
    controllers: [StackFloorController],
    providers: [
      {
        provide: ROUTES,
        inject: [getDataSourceToken()],
        useFactory: (dataSource: DataSource) =>
          new CeilingRoutes(typeOrmPool(dataSource), new SecretBox(encryptionKey)),
      },
      ReadCallHandler,
      WriteCallHandler,
    ],
  })
  class StackFloorModule {}

  const app = await NestFactory.create<NestFastifyApplication>(
    StackFloorModule,
    new FastifyAdapter({ bodyLimit: 5 * 1024 * 1024 }),
    { logger: false },
  );
  app.useGlobalPipes(new ValidationPipe({ whitelist: true, transform: true }));
  await app.listen(0, '127.0.0.1');
  return { url: await app.getUrl(), close: () => app.close() };
}
